import { generate } from 'selfsigned';

const DAY_MS = 86_400_000;

/** A key and self-signed certificate for 127.0.0.1 / localhost, with the validity it was made with. */
export interface TestCert {
  key: string;
  cert: string;
  notBefore: Date;
  notAfter: Date;
}

/**
 * Makes a self-signed EC certificate for `localhost` and `127.0.0.1` expiring `daysLeft` days (may be
 * negative) plus `extraMs` from now. The default extra hour keeps whole-day counts stable while a test runs.
 */
export async function makeCert(daysLeft: number, extraMs = 3_600_000): Promise<TestCert> {
  const now = Date.now();
  const notAfter = new Date(now + daysLeft * DAY_MS + (daysLeft < 0 ? -extraMs : extraMs));
  const notBefore = new Date(Math.min(now, notAfter.getTime()) - 30 * DAY_MS);
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: notBefore,
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert, notBefore, notAfter };
}
