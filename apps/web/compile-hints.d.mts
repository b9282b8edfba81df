export declare const compileHint: string;
export declare function addCompileHints(chunksDir: string): number;
