// Types of scripts/web-budget.mjs for the TypeScript that imports it (bench/web-weight.ts).
export type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;
export type Sizes = { raw: number; gzip: number; brotli: number };
export type ChunkWeight = { files: string[]; js: Sizes; cssFiles: string[]; css: Sizes };
export type WebWeight = { signIn: ChunkWeight; inbox: ChunkWeight; budget: number; withinBudget: boolean };

export const INBOX_BUDGET_GZIP_BYTES: number;
export const INBOX_MODULES: { required: string[]; ifSplit: string[] };
export const MANIFEST_PATH: string;
export const LAZY_ONLY: RegExp[];
export function staticGraph(manifest: Manifest, startKeys: string[]): string[];
export function entryKey(manifest: Manifest): string;
export function measureChunks(
  manifest: Manifest,
  keys: string[],
  sizeOf: (file: string) => Sizes,
): ChunkWeight;
export function computeWebWeight(
  manifest: Manifest,
  sizeOf: (file: string) => Sizes,
  options?: { inboxModules?: { required: string[]; ifSplit: string[] }; budget?: number },
): WebWeight;
export function builtFileSizes(distDir: string): (file: string) => Sizes;
export function computedFileSizes(distDir: string): (file: string) => Sizes;
export function readManifest(distDir: string): Manifest;
export function kib(bytes: number): string;
