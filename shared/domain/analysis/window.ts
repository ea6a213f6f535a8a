/** How many earlier messages of the same chat go with the new one into an analysis. */
export const PREVIOUS_MESSAGES_IN_WINDOW = 5;

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

/** The window bound: the new message (the last) and at most the 5 messages before it. */
export const trimWindow = (messages: readonly WindowMessage[]): AnalysisWindow =>
  messages.slice(-(PREVIOUS_MESSAGES_IN_WINDOW + 1));

/** The message the window was opened for, or undefined for an empty window. */
export const newMessageOf = (window: AnalysisWindow): WindowMessage | undefined => window.at(-1);
