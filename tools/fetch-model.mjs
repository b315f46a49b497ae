#!/usr/bin/env node
// Resolves the embedding model into the models cache, as `npm start` would on its first start:
// by Maven coordinates with this machine's Maven, checked against the SHA-256 pinned in
// libs/embeddings/src/onnx/model-catalogue.ts. CI runs it once before the tests; the container
// image runs it at build time so that the model is baked in.
//   node tools/fetch-model.mjs [model id ...] [--all] [--models-dir DIR]
// Defaults: EMBEDDINGS_MODEL or bge-small-en-v1.5-q; MODELS_DIR or ./models.
import embeddings from '@trove/embeddings';

const args = process.argv.slice(2);
const dirFlag = args.indexOf('--models-dir');
const modelsDir = dirFlag >= 0 ? args[dirFlag + 1] : (process.env.MODELS_DIR ?? 'models');
const named = args.filter((a, i) => !a.startsWith('--') && (dirFlag < 0 || i !== dirFlag + 1));
const ids = args.includes('--all')
  ? embeddings.ONNX_MODELS.map((m) => m.id)
  : named.length > 0
    ? named
    : [process.env.EMBEDDINGS_MODEL ?? embeddings.DEFAULT_ONNX_MODEL];
for (const id of ids) {
  const spec = embeddings.onnxModelSpec(id);
  if (!spec) {
    console.error(`unknown model "${id}"; known: ${embeddings.ONNX_MODELS.map((m) => m.id).join(', ')}`);
    process.exit(2);
  }
  const started = Date.now();
  try {
    const files = await embeddings.resolveModelFiles(spec, {
      modelsDir,
      maven: process.env.EMBEDDINGS_MAVEN,
      onProgress: (message) => console.log(`${id}: ${message}`),
    });
    console.log(
      `${id}: ${files.modelPath} and ${files.tokenizerPath} verified in ${Date.now() - started} ms`,
    );
  } catch (error) {
    console.error(`${id}: ${error.message}`);
    process.exit(1);
  }
}
