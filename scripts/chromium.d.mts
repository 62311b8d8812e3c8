export declare const DEBIAN_CHROMIUM: string;
export declare function findChromium(env?: NodeJS.ProcessEnv): { executablePath?: string } | null;
export declare const CHROMIUM_ARGS: string[];
