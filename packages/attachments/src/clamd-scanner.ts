import { Readable } from 'node:stream';
import NodeClam from 'clamscan';
import { ScanUnavailable, type MalwareScanner } from './malware-scan.ts';

/** Where clamd listens: TCP (`clamd.conf`'s TCPAddr/TCPSocket, port 3310 by default) or its local socket. */
export type ClamdAddress = { host: string; port: number } | { socket: string };

/**
 * ClamAV's daemon through the `clamscan` package's INSTREAM client (clamd's protocol:
 * https://docs.clamav.net/manual/Usage/ClamdProtocol.html). Only the daemon is used: the package's
 * fallbacks to local `clamscan`/`clamdscan` binaries are turned off, so a scan never forks a process.
 * clamd's StreamMaxLength (25 MB by default) must be at least the video limit (50 MB), or every large
 * video comes back as an error: docs/configuration.md says so.
 */
export function clamdScanner(address: ClamdAddress, timeoutMs = 30_000): MalwareScanner {
  let ready: Promise<NodeClam> | undefined;
  const client = () =>
    (ready ??= new NodeClam()
      .init({
        removeInfected: false,
        debugMode: false,
        scanRecursively: false,
        clamscan: { active: false, path: null },
        clamdscan: { ...address, timeout: timeoutMs, localFallback: false, active: true },
        preference: 'clamdscan',
      })
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      }));
  return {
    name: 'clamd',
    async scan(bytes) {
      try {
        const { isInfected } = await (await client()).scanStream(Readable.from([bytes]));
        if (isInfected === true) return 'infected';
        if (isInfected === false) return 'clean';
      } catch {
        // The package's errors may quote clamd's reply; the caller logs only that there was no verdict.
      }
      throw new ScanUnavailable();
    },
  };
}
