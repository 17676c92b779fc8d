import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import Toaster from './toaster';

describe('Toaster', () => {
  it('puts toasts below the sticky top bar, on phones too, so they never cover the navigation', async () => {
    render(<Toaster />);
    act(() => void toast('Post updated.'));
    await screen.findByText('Post updated.');
    const list = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    expect(list.style.getPropertyValue('--offset-top')).toBe('4.5rem');
    expect(list.style.getPropertyValue('--mobile-offset-top')).toBe('4.5rem');
  });
});
