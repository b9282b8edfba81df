import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clamdScanner } from './clamd-scanner.ts';
import { noScanner, ScanUnavailable } from './malware-scan.ts';
import { eicar, startClamdStandIn, type ClamdStandIn } from './testing/clamd-stand-in.ts';

describe('the clamd scanner (against a stand-in of clamd’s protocol)', () => {
  let clamd: ClamdStandIn;
  beforeAll(async () => {
    clamd = await startClamdStandIn(1024 * 1024);
  });
  afterAll(() => clamd.close());

  it('says clean for a clean file, after streaming it to clamd', async () => {
    const scanner = clamdScanner({ host: '127.0.0.1', port: clamd.port });
    const before = clamd.streamsScanned;
    await expect(scanner.scan(Buffer.alloc(200_000, 7))).resolves.toBe('clean');
    expect(clamd.streamsScanned).toBe(before + 1);
  });

  it('says infected for the EICAR test file', async () => {
    const scanner = clamdScanner({ host: '127.0.0.1', port: clamd.port });
    await expect(scanner.scan(Buffer.from(`some bytes ${eicar} more bytes`))).resolves.toBe('infected');
  });

  it('gives no verdict past clamd’s stream limit, or with clamd down', async () => {
    const scanner = clamdScanner({ host: '127.0.0.1', port: clamd.port });
    await expect(scanner.scan(Buffer.alloc(2 * 1024 * 1024, 1))).rejects.toBeInstanceOf(ScanUnavailable);
    const down = clamdScanner({ host: '127.0.0.1', port: 1 }, 2_000);
    await expect(down.scan(Buffer.from('x'))).rejects.toBeInstanceOf(ScanUnavailable);
  });

  it('records not_scanned where no scanner is configured', async () => {
    await expect(noScanner.scan(Buffer.from('x'))).resolves.toBe('not_scanned');
  });
});
