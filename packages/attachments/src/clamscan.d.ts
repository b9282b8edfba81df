/** clamscan ships no types: the part used here, as its README documents it (https://www.npmjs.com/package/clamscan). */
declare module 'clamscan' {
  import type { Readable } from 'node:stream';
  interface ScanResult {
    isInfected: boolean | null;
    viruses: string[];
  }
  export default class NodeClam {
    init(options: Record<string, unknown>): Promise<NodeClam>;
    scanStream(stream: Readable): Promise<ScanResult>;
  }
}
