/** How many earlier messages of the same chat go with the new one into an analysis. */
export const PREVIOUS_MESSAGES_IN_WINDOW = 5;

/**
 * The most characters of one message an analysis reads (a provider's message may hold 65,536): its
 * first `ANALYSED_HEAD` and last `ANALYSED_TAIL` characters, so a risk put after a long paste is
 * still read. Bounds the rules', the screen's and the classifier's time and the model's prompt.
 */
export const ANALYSED_HEAD = 3072;
export const ANALYSED_TAIL = 1024;

/** Between the head and the tail of a cut text: tells the model a part is left out. */
export const CUT_MARK = ' [...] ';

/** One message as the analysis reads it; `sentAt` an ISO instant. */
export interface WindowMessage {
  messageId: string;
  fromMe: boolean;
  text: string;
  sentAt: string;
}

/**
 * What one analysis reads: messages of one chat, oldest first, the last one being the new message.
 * Opened in memory only for the analysis.
 */
export type AnalysisWindow = readonly WindowMessage[];

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The text an analysis reads: whole when short, else its head and tail (never half a character). */
export const analysedText = (text: string): string => {
  if (text.length <= ANALYSED_HEAD + ANALYSED_TAIL) return text;
  const headEnd = isHighSurrogate(text.charCodeAt(ANALYSED_HEAD - 1)) ? ANALYSED_HEAD - 1 : ANALYSED_HEAD;
  const tailStart = text.length - ANALYSED_TAIL;
  const from = isLowSurrogate(text.charCodeAt(tailStart)) ? tailStart + 1 : tailStart;
  return `${text.slice(0, headEnd)}${CUT_MARK}${text.slice(from)}`;
};

/**
 * The window bound: the new message (the last) and at most the 5 messages before it, each text
 * as the analysis reads it (`analysedText`).
 */
export const trimWindow = (messages: readonly WindowMessage[]): AnalysisWindow =>
  messages
    .slice(-(PREVIOUS_MESSAGES_IN_WINDOW + 1))
    .map((message) => ({ ...message, text: analysedText(message.text) }));

/** The message the window was opened for, or undefined for an empty window. */
export const newMessageOf = (window: AnalysisWindow): WindowMessage | undefined => window.at(-1);
