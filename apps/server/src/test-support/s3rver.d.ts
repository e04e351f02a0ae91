// s3rver ships no types. What the tests use of it: the server, its Koa middleware list and its store.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string }[];
  };

  type S3rverContext = {
    method: string;
    /** The request path, not decoded. */
    path: string;
    get(header: string): string;
    status: number;
    type: string;
    body: unknown;
    store: { existsObject(bucket: string, key: string): Promise<boolean> };
  };

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list; composed when the server starts. */
    middleware: ((context: S3rverContext, next: () => Promise<void>) => Promise<void>)[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer?: import('node:http').Server;
  }
}
