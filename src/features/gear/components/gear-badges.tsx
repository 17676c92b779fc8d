import type { Gear } from '#contract/gear';

/** Draft, Default and Retired, as small labels beside a piece's sport. */
export function GearBadges({ gear }: { gear: Pick<Gear, 'isDraft' | 'isDefault' | 'retiredAt'> }) {
  return (
    <>
      {gear.isDraft && <Badge>Draft</Badge>}
      {gear.isDefault && <Badge>Default</Badge>}
      {gear.retiredAt !== null && <Badge>Retired</Badge>}
    </>
  );
}

function Badge({ children }: { children: string }) {
  return <span className="rounded-full border border-line bg-surface-2 px-2 py-0.5 text-xs font-semibold text-fg">{children}</span>;
}
