import { StaleWrite } from '../../domain/errors';
import type { Family } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import { moveImport, type HistoryImport, type ImportJob } from '../../domain/history/history-import';
import {
  fullPage,
  inWindow,
  pageAfter,
  smallerPage,
  withTimes,
  type PageAsked,
} from '../../domain/history/paging';
import { isReadChat } from '../../domain/pairing/provider-message';
import type { HistoryMessage, ProviderChat } from '../../ports/session-provider';
import type { KeptMessage } from '../../ports/stores';
import {
  assessMessage,
  newBatchMemory,
  onlyTheMessage,
  readableMessage,
  readsSeat,
  remember,
  writeAssessment,
  type AnalysisDeps,
  type Assessment,
  type ReadableMessage,
} from '../alerts/analyse-message';
import type { Deps } from '../deps';
import { failureCauseOf } from '../failure-cause';
import { retryOnConflict } from '../retry-on-conflict';
import { commitImportMove, runningImport, type AdmissionDeps } from './admission';

export type RunDeps = AdmissionDeps & AnalysisDeps & Pick<Deps, 'sessions'>;

export type RunOutcome = 'finished' | 'failed' | 'continued' | 'stale';

/** The import's state as this run sees it: re-read whenever a write finds the seat moved. */
interface Running {
  family: Family;
  seat: Seat;
  current: HistoryImport;
}

class ImportGone extends Error {}

/**
 * Runs (or resumes) one admitted import: pages the provider's chats, then each chat the service reads
 * (`isReadChat`) back `HISTORY_DAYS` from the import's start, oldest first, each page until one comes
 * back empty (domain/history/paging.ts); each message with text is sealed and analysed like a live one
 * (`source: "history"`), one without is counted only. Each
 * chat keeps a checkpoint (the next page's offset, or done), written after its page is handled: a
 * worker that dies resumes from the checkpoint, and a message handled twice is found by its own id
 * (no doubled message or finding). Progress is written on the import after each page, which also
 * tells the stuck check it moves. A run that reaches `budgetMs` hands the rest to a new run, once it
 * has read at least one page (so a run that spent its budget before it, on a slow provider, still
 * moves the import); an
 * import no longer running (stuck, the seat stopped) ends the run at the next page.
 */
export const runImport = async (
  deps: RunDeps,
  job: ImportJob,
  options: { budgetMs: number } = { budgetMs: Number.POSITIVE_INFINITY },
): Promise<RunOutcome> => {
  const started = Date.now();
  const load = async (): Promise<Running> => {
    const found = await runningImport(deps, job);
    if (found === null) throw new ImportGone();
    return found;
  };
  let state: Running;
  try {
    state = await load();
  } catch (error) {
    if (error instanceof ImportGone) return 'stale';
    throw error;
  }

  /** Writes progress on the import (re-read and re-decided when the seat moved meanwhile). */
  const progress = async (change: (one: HistoryImport) => HistoryImport) => {
    await retryOnConflict(async (attempt) => {
      if (attempt > 1) state = await load();
      const now = deps.clock.now().toISOString();
      const next = { ...change(state.current), progressAt: now };
      const saved = await deps.families.saveSeat({ ...state.seat, historyImport: next, updatedAt: now }, []);
      state = { ...state, seat: saved, current: next };
    });
  };

  const end = async (on: 'finish' | 'fail', findings: number) =>
    retryOnConflict(async (attempt) => {
      if (attempt > 1) state = await load();
      const move = moveImport({ ...state.current, findings }, on, deps.clock.now());
      if (move === null) return;
      await commitImportMove(deps, state.family, state.seat, move, 'workers');
    });

  const pairing = state.seat.pairing;
  if (pairing === null) {
    await end('fail', state.current.findings);
    return 'failed';
  }
  const session = pairing.sessionName;
  const memory = newBatchMemory({ chatsInOrder: true });
  memory.findings = state.current.findings;
  // Pinned at the import's start, the same in every run: a resumed chat's offset names the same
  // messages, and what arrives meanwhile is the live path's.
  const until = state.current.startedAt === null ? deps.clock.now() : new Date(state.current.startedAt);
  const since = new Date(until.getTime() - deps.settings.history.days * 86_400_000);
  const window = { since: Math.floor(since.getTime() / 1000), until: Math.floor(until.getTime() / 1000) };
  const retention = deps.settings.contentRetentionSeconds;
  /** The page size asked: smaller for the rest of the run once a page timed out at this one. */
  let pageSize = fullPage;

  /** Asks the page at `offset`; one that times out is asked again smaller from the same offset. */
  const ask = async <T>(offset: number, read: (page: PageAsked) => Promise<T[]>) => {
    let asked: PageAsked = { offset, limit: pageSize };
    for (;;) {
      try {
        return { asked, items: await read(asked) };
      } catch (error) {
        const smaller = failureCauseOf(error) === 'timeout' ? smallerPage(asked) : null;
        if (smaller === null) throw error;
        asked = smaller;
        pageSize = smaller.limit;
      }
    }
  };

  /**
   * One page of a chat, oldest first. The messages already kept (heard live, or before a crash) are
   * found with one batch read and only join the window; a message with no finding is only its sealed
   * item, put with the page's other such messages by batch writes (a re-put after a crash is the same
   * item); a message with findings is written at once with its alerts in one transaction, as a live
   * one. A message without text is counted, never analysed. Answers how many messages were read:
   * those of the window, none when the seat is not read (not protected meanwhile).
   */
  const keepPage = async (page: readonly HistoryMessage[]): Promise<number> => {
    const inside = withTimes(
      page.filter((message) => inWindow(message.timestamp, window)),
      window.until,
    );
    if (!readsSeat(deps, state.seat)) return 0;
    const readable = inside.flatMap(({ text, ...message }) =>
      text === null ? [] : (readableMessage(deps, state.seat, { ...message, text }) ?? []),
    );
    if (readable.length === 0) return inside.length;
    const seatId = state.seat.seatId;
    const kept = await deps.messages.keptAmong(
      seatId,
      readable.map(({ current }) => current.messageId),
    );
    const batch: KeptMessage[] = [];
    for (const one of readable) {
      if (!kept.has(one.current.messageId)) {
        const assessment = await assessMessage(deps, memory, state.seat, one, 'history');
        if (onlyTheMessage(assessment)) batch.push(assessment.kept);
        else await writeFindings(one, assessment);
      }
      remember(memory, one);
    }
    await deps.messages.putAll(batch);
    return inside.length;
  };

  /** A message with findings: written with the seat (re-read, re-assessed and re-written when the seat moved). */
  const writeFindings = async (one: ReadableMessage, first: Assessment) => {
    await retryOnConflict(async (attempt) => {
      let assessment = first;
      if (attempt > 1) {
        state = await load();
        if (await deps.messages.has(one.seatId, one.current.messageId)) return;
        assessment = await assessMessage(deps, memory, state.seat, one, 'history');
      }
      try {
        await writeAssessment(deps, state.family, state.seat, assessment);
        memory.findings += assessment.grouping.findings.length;
      } catch (error) {
        if (error instanceof StaleWrite) state = await load();
        throw error;
      }
    });
    // The alert it opened or grew wrote the seat: read it again.
    state = await load();
  };

  try {
    const chats: ProviderChat[] = [];
    for (let next: PageAsked | null = { offset: 0, limit: pageSize }; next !== null;) {
      const { asked, items } = await ask(next.offset, (page) => deps.sessions.chats(session, page));
      chats.push(...items.filter((chat) => isReadChat(chat.id)));
      next = pageAfter(asked, items.length);
    }
    await progress((one) => ({
      ...one,
      step: 'messages',
      progress: { ...one.progress, chats: chats.length },
    }));

    let chatsDone = 0;
    let pagesRead = 0;
    for (const chat of chats) {
      const chatHash = deps.hasher.digest('chat', chat.id);
      const checkpoint = (await deps.historyQueue.checkpoint(job.importId, chatHash)) ?? {
        offset: 0,
        done: false,
      };
      let offset = checkpoint.offset;
      let done = checkpoint.done;
      while (!done) {
        if (pagesRead > 0 && Date.now() - started > options.budgetMs) {
          await deps.historyWork.send(job);
          return 'continued';
        }
        const { asked, items } = await ask(offset, (page) =>
          deps.sessions.chatMessages(session, chat.id, { ...page, since, until }),
        );
        // The seat read afresh once a page: a stop or a new key since is seen before the page is kept.
        state = await load();
        const handled = await keepPage(items);
        pagesRead += 1;
        const next = pageAfter(asked, items.length);
        offset = next?.offset ?? offset;
        done = next === null;
        const expiresAt = Math.floor(deps.clock.now().getTime() / 1000) + retention;
        await deps.historyQueue.saveCheckpoint(job.importId, chatHash, { offset, done }, expiresAt);
        const findings = memory.findings;
        await progress((one) => ({
          ...one,
          findings,
          progress: { ...one.progress, messages: one.progress.messages + handled },
        }));
      }
      chatsDone += 1;
      if (chatsDone > state.current.progress.chatsDone)
        await progress((one) => ({
          ...one,
          step: chatsDone === chats.length ? 'analysis' : one.step,
          progress: { ...one.progress, chatsDone },
        }));
    }
    await end('finish', memory.findings);
    return 'finished';
  } catch (error) {
    if (error instanceof ImportGone) return 'stale';
    throw error;
  }
};
