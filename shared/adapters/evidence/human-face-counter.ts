import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { UnreadableEvidence, type FaceCounter } from '../../ports/evidence';
import { lazy } from '../../lazy';
import { decodeSelfie } from './image-pixels';

/**
 * The local face counter: @vladmandic/human's BlazeFace detector on the TensorFlow.js WebAssembly
 * backend, with the weights that ship inside the npm package (no network). Loaded once per process.
 */
type Human = {
  load(): Promise<void>;
  detect(input: unknown): Promise<{ face: { score: number }[] }>;
  tf: {
    tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): unknown;
    slice(tensor: unknown, begin: number[], size: number[]): unknown;
    expandDims(tensor: unknown, axis: number): unknown;
    dispose(tensors: unknown[]): void;
    io: { registerLoadRouter(router: (url: unknown) => unknown): void };
  };
};

const require = createRequire(import.meta.url);

/** Reads a TF.js graph model (model.json and its weight files) from disk. */
const fileModel = (url: string) => ({
  async load() {
    const file = url.slice('file://'.length);
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      modelTopology: unknown;
      format?: string;
      generatedBy?: string;
      convertedBy?: string;
      weightsManifest: { paths: string[]; weights: unknown[] }[];
    };
    const weights = Buffer.concat(
      json.weightsManifest.flatMap((group) =>
        group.paths.map((path) => readFileSync(join(dirname(file), path))),
      ),
    );
    return {
      modelTopology: json.modelTopology,
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
      weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    };
  },
});

const loadHuman = lazy(() =>
  (async (): Promise<Human> => {
    // Both packages put their entry in dist/: the package folder is one level up.
    const humanDir = dirname(dirname(require.resolve('@vladmandic/human')));
    const wasmDir = dirname(dirname(require.resolve('@tensorflow/tfjs-backend-wasm')));
    const { Human } = require(join(humanDir, 'dist/human.node-wasm.js')) as {
      Human: new (config: unknown) => Human;
    };
    const human = new Human({
      backend: 'wasm',
      wasmPath: `${join(wasmDir, 'dist')}/`,
      modelBasePath: `file://${join(humanDir, 'models')}/`,
      debug: false,
      face: {
        enabled: true,
        detector: { enabled: true, maxDetected: 10, minConfidence: 0.5, rotation: false },
        mesh: { enabled: false },
        iris: { enabled: false },
        description: { enabled: false },
        emotion: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
    });
    human.tf.io.registerLoadRouter((url) =>
      typeof url === 'string' && url.startsWith('file://') ? fileModel(url) : null,
    );
    await human.load();
    return human;
  })(),
);

export const humanFaceCounter: FaceCounter = {
  async countFaces(selfie) {
    const [human, pixels] = await Promise.all([
      loadHuman(),
      decodeSelfie(selfie).catch((error: unknown) => {
        throw new UnreadableEvidence('selfie', { cause: error });
      }),
    ]);
    const rgba = human.tf.tensor3d(pixels.rgba, [pixels.height, pixels.width, 4], 'int32');
    const rgb = human.tf.slice(rgba, [0, 0, 0], [-1, -1, 3]);
    const batch = human.tf.expandDims(rgb, 0);
    try {
      const { face } = await human.detect(batch);
      return {
        faces: face.length,
        quality: Math.round(Math.max(0, ...face.map((one) => one.score)) * 100) / 100,
      };
    } finally {
      human.tf.dispose([rgba, rgb, batch]);
    }
  },
};
