import { describe, expect, it } from 'vitest';
import { MASK, Masker } from '../src/mask.ts';

describe('Masker', () => {
  it('masks credential headers, keeping the scheme, and then the same token wherever it appears', () => {
    const masker = new Masker();
    expect(
      masker.headers([
        ['Authorization', 'Bearer alice-secret-token'],
        ['Accept', 'application/json'],
      ]),
    ).toEqual([
      ['Authorization', `Bearer ${MASK}`],
      ['Accept', 'application/json'],
    ]);
    expect(masker.text('{"echo":"alice-secret-token"}')).toBe(`{"echo":"${MASK}"}`);
  });

  it('masks tokens it was told about and secret JSON members, but not protocol data named like tokens', () => {
    const masker = new Masker(['workshop-token-1234']);
    const body =
      '{"accessToken":"eyJhbGciOi","progressToken":"p-1","nextPageToken":"CAEQAQ==","note":"workshop-token-1234"}';
    expect(masker.text(body)).toBe(
      `{"accessToken":"${MASK}","progressToken":"p-1","nextPageToken":"CAEQAQ==","note":"${MASK}"}`,
    );
  });

  it('leaves bodies that are not text alone', () => {
    const body = { encoding: 'base64', base64: 'AAEC' } as const;
    expect(new Masker(['AAEC-long-enough']).body(body)).toBe(body);
  });
});
