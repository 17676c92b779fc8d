/// <reference types="node" />
// Node's fs reads the stylesheet itself: Vitest does not run Tailwind, so a `?raw` import of it reads empty.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { Button, buttonClass, type ButtonSize } from './button';

/** The classes of one family (height, inline padding, text size) in a class list. */
const family = (classes: string, pattern: RegExp) => classes.split(/\s+/).filter((c) => pattern.test(c));
const HEIGHT = /^min-h-\d+$/;
const PADDING = /^px-\d+$/;
const TEXT = /^text-(xs|sm|base|lg)$/;

describe('buttonClass', () => {
  // Tailwind decides between two classes of one family by the stylesheet's order, not the class list's: a size must
  // come out as exactly one of each, or a small button silently renders at the base size (as the upload's Cancel did).
  it.each<[ButtonSize, string, string, string]>([
    ['xs', 'min-h-9', 'px-2', 'text-xs'],
    ['sm', 'min-h-11', 'px-3', 'text-sm'],
    ['md', 'min-h-11', 'px-4', 'text-sm'],
    ['lg', 'min-h-12', 'px-6', 'text-base'],
  ])('gives size %s one height, one padding and one text size', (size, height, padding, text) => {
    const classes = buttonClass('secondary', 'mt-3 w-full', size);
    expect(family(classes, HEIGHT)).toEqual([height]);
    expect(family(classes, PADDING)).toEqual([padding]);
    expect(family(classes, TEXT)).toEqual([text]);
    expect(classes).toContain('mt-3 w-full');
  });

  it('is the medium size unless asked', () => {
    expect(buttonClass()).toBe(buttonClass('primary', undefined, 'md'));
  });
});

describe('Button', () => {
  it('takes its size and, while busy, shows it and sends no second click', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button size="xs" onClick={onClick}>
        Cancel
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Cancel' });
    expect(family(button.className, PADDING)).toEqual(['px-2']);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <Button size="xs" busy onClick={onClick}>
        Cancel
      </Button>,
    );
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('a disabled button', () => {
  it('keeps readable contrast in every variant: muted text on the quiet surface, never the whole button faded', () => {
    for (const variant of ['primary', 'secondary', 'ghost', 'danger'] as const) {
      const classes = buttonClass(variant).split(/\s+/);
      expect(classes).toContain('button-disabled');
      expect(classes.filter((c) => c.startsWith('disabled:opacity'))).toEqual([]);
    }
    // The utility itself (styles.css), hover included, so no variant's hover colour lights a disabled button up.
    const styles = readFileSync('src/styles.css', 'utf8');
    const utility = /@utility button-disabled \{([^]*?)\n\}/.exec(styles)?.[1] ?? '';
    expect(utility).toContain('&:disabled:hover');
    expect(utility).toContain('background-color: var(--color-surface-2)');
    expect(utility).toContain('color: var(--color-muted)');
    expect(utility).toContain('opacity: 1');
  });
});
