import type { Body, Headers } from './frames.ts';

/** What a masked secret becomes: visibly a placeholder, and still a valid token shape for a reader. */
export const MASK = '****';

/** Headers whose whole value is a credential. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/**
 * JSON members whose string value is a secret wherever they appear (the Memos API's access tokens, a
 * login's password). `progressToken` and `pageToken` are not here on purpose: they are protocol data that a
 * replay needs, not credentials.
 */
const SECRET_MEMBER =
  /"(accessToken|access_token|refreshToken|refresh_token|token|password|secret|apiKey|api_key)"(\s*:\s*)"(?:[^"\\]|\\.)*"/g;

/**
 * Masks credentials before a frame is written: secret headers keep their scheme (`Bearer ****`), secret
 * JSON members keep their name, and every token this masker has been told about or has seen in an
 * Authorization header is replaced wherever it appears in a body (an echoed token, a token in a URL).
 * The rest of the bytes stay as they were.
 */
export class Masker {
  readonly #known = new Set<string>();

  constructor(knownSecrets: Iterable<string> = []) {
    for (const secret of knownSecrets) this.learn(secret);
  }

  learn(secret: string): void {
    // Very short strings would mask ordinary words; real tokens are long.
    if (secret.length >= 8) this.#known.add(secret);
  }

  headers(headers: Headers): Headers {
    return headers.map(([name, value]) => {
      if (!SECRET_HEADERS.has(name.toLowerCase())) return [name, this.text(value)];
      const [scheme, credential] = value.split(/\s+/, 2);
      if (credential !== undefined && scheme !== undefined) {
        this.learn(credential);
        return [name, `${scheme} ${MASK}`];
      }
      this.learn(value);
      return [name, MASK];
    });
  }

  text(text: string): string {
    let masked = text.replace(
      SECRET_MEMBER,
      (_match, key: string, colon: string) => `"${key}"${colon}"${MASK}"`,
    );
    for (const secret of this.#known) masked = masked.split(secret).join(MASK);
    return masked;
  }

  /** Only text bodies are searched; bytes that are not UTF-8 carry no JSON token to find. */
  body(body: Body): Body {
    return body.encoding === 'utf8' ? { encoding: 'utf8', text: this.text(body.text) } : body;
  }
}
