import { UnreadableEvidence, type SpeechListener } from '../../ports/evidence';
import { decodeAudio } from './audio-samples';
import { voicedSeconds } from './voice-activity';

/** Less voice than this is not a reading of a phrase. */
const MIN_VOICED_SECONDS = 0.5;

/**
 * The local stand-in for speech recognition. No offline Portuguese speech model exists in the npm
 * registry or Debian, so locally the recording is decoded and checked for voice; when there is
 * voice the phrase is taken as read. In AWS, Amazon Transcribe (pt-BR) hears the words.
 */
export const localSpeechListener: SpeechListener = {
  async listen(audio, expectedPhrase) {
    const samples = await decodeAudio(audio).catch((error: unknown) => {
      throw new UnreadableEvidence('audio', { cause: error });
    });
    const seconds = voicedSeconds(samples);
    return seconds >= MIN_VOICED_SECONDS ? expectedPhrase : null;
  },
};
