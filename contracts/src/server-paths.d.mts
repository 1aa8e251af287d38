export declare const SERVER_PATHS: readonly { path: string; navigation: 'app' | 'server' }[];
export declare function isNavigationRequest(headers: { accept?: string; 'sec-fetch-mode'?: string }): boolean;
export declare function isServerDataCall(
  pathname: string,
  headers: { accept?: string; 'sec-fetch-mode'?: string },
): boolean;
