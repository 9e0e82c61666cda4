/** Types for serve.mjs (plain JavaScript so that it runs before tsx is loaded). */
export declare const EMBEDDED_NODE_FLAGS: string[];
export declare const EMBEDDED_ENV: Record<string, string>;
export declare function serverCommand(env?: NodeJS.ProcessEnv): {
	embedded: boolean;
	nodeArgs: string[];
	env: NodeJS.ProcessEnv;
};
