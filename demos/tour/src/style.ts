import type { Paint, Role as PaletteRole } from '@memos-kit/terminal';

/**
 * What a piece of text is, so each layer of a message keeps one look across the whole tour: the kit's palette
 * roles (envelope, protocol, business, http, timing, muted, title, ok, fail…), and `punct` for JSON's
 * punctuation, which reads as the muted text around the layers.
 */
export type Role = PaletteRole | 'punct';

export type RolePaint = (role: Role, text: string) => string;

/**
 * The toolkit's paint (plain when colour is off), driven by roles. Which shade each role wears, on a dark or a
 * light terminal, is the palette's (`@memos-kit/terminal`); whether to colour at all is the kit's one rule.
 */
export function paintRoles(paint: Paint): RolePaint {
  return (role, text) => paint(role === 'punct' ? 'muted' : role, text);
}
