import {
  DetectFacesCommand,
  InvalidImageFormatException,
  type RekognitionClient,
} from '@aws-sdk/client-rekognition';
import { UnreadableEvidence, type FaceCounter } from '../../ports/evidence';
import { decodeSelfie, encodePng } from './image-pixels';

/** Faces Rekognition is at least this sure of count; fainter shapes are not a person in the frame. */
const MIN_CONFIDENCE = 90;

/**
 * Rekognition `DetectFaces`. It takes JPEG or PNG only, so a WebP selfie is decoded and sent as PNG.
 * `quality` is the best face's brightness and sharpness, averaged into 0..1.
 */
export const rekognitionFaceCounter = (
  client: RekognitionClient,
  options: { webpWasmPath?: string } = {},
): FaceCounter => ({
  async countFaces(selfie) {
    const bytes =
      selfie.type === 'image/webp'
        ? encodePng(
            await decodeSelfie(selfie, options.webpWasmPath).catch((error: unknown) => {
              throw new UnreadableEvidence('selfie', { cause: error });
            }),
          )
        : selfie.bytes;
    const { FaceDetails = [] } = await client
      .send(new DetectFacesCommand({ Image: { Bytes: bytes }, Attributes: ['DEFAULT'] }))
      .catch((error: unknown) => {
        // A file Rekognition cannot read is the person's to fix, not an outage.
        throw error instanceof InvalidImageFormatException
          ? new UnreadableEvidence('selfie', { cause: error })
          : error;
      });
    const faces = FaceDetails.filter((face) => (face.Confidence ?? 0) >= MIN_CONFIDENCE);
    const quality = Math.max(
      0,
      ...faces.map((face) => ((face.Quality?.Brightness ?? 0) + (face.Quality?.Sharpness ?? 0)) / 200),
    );
    return { faces: faces.length, quality: Math.round(quality * 100) / 100 };
  },
});
