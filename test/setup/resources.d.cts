// Types of resources.cjs (plain CommonJS, loaded without a transform by test/run.cjs).
export declare const ROOT: string;
export declare const CLI: string;
export declare const BOT: string;
export declare const CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
export declare const PLAIN_HTTP_HOST: string;
export declare const ARTIFACTS: string;
export declare function artifactsFolder(): string;
export declare function build(): Promise<void>;
export interface Started {
  env: Record<string, string>;
  stop(): Promise<void>;
}
export declare function startDatabase(): Promise<Started>;
export declare function startBrowser(): Promise<Started>;
export declare function missingChromium(): Error;
