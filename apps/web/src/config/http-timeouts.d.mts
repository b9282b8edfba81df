export declare const defaultWebTimeouts: Readonly<{
  keepAliveSeconds: number;
  headersAboveKeepAliveSeconds: number;
}>;
export declare function httpTimeoutsOf(env: Record<string, string | undefined>): {
  keepAliveTimeoutMs: number;
  headersTimeoutMs: number;
};
