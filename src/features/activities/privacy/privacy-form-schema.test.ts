import { describe, expect, it } from 'vitest';
import { privacySettingsInput } from '#contract/activities';
import { privacyForm, toPrivacyForm, toPrivacyInput } from './privacy-form-schema';

const home = { id: 3, label: 'Home', centre: [-105.2712, 40.0163] as [number, number], radius: 400, trimRadius: 610 };

describe('toPrivacyInput', () => {
  it('sends a kept zone by its id and label only, and a new one by its place and size', () => {
    const values = privacyForm.parse({
      ...toPrivacyForm({ zones: [home], hideEnds: 402 }),
      zones: [
        { ...home, label: '  Home sweet home ' },
        { id: null, label: 'Work', centre: [-105.25, 40.02], radius: 800, trimRadius: null },
      ],
    });
    const body = toPrivacyInput(values);
    expect(body).toEqual({
      zones: [
        { id: 3, label: 'Home sweet home' },
        { label: 'Work', centre: [-105.25, 40.02], radius: 800 },
      ],
      hideEnds: 402,
    });
    expect(privacySettingsInput.safeParse(body).success).toBe(true);
  });

  it('refuses a sixth zone and a label past 60 characters in words', () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ ...home, id: i + 1 }));
    expect(privacyForm.safeParse({ zones: six, hideEnds: 0 }).error?.issues[0]?.message).toBe('Up to 5 privacy zones.');
    expect(privacyForm.safeParse({ zones: [{ ...home, label: 'x'.repeat(61) }], hideEnds: 0 }).error?.issues[0]?.message).toBe('Keep the label to 60 characters.');
  });
});
