import { z } from 'zod';

// The clock that moves a simulator's studies along their path (ordered → … → scored), one state every
// `stepMs`, so a demo study finishes in about a minute and a test's in a few milliseconds. `stepMs: 0`
// leaves every move to `POST /_simulator/advance`. Its timers never keep the process alive, and stop when
// the simulator closes.

export const STUDY_STEP_MS_DEFAULT = 15_000;

/** POST /_simulator/advance: one study (or every moving one) `steps` states on, or to its end. */
export const advanceRequestSchema = z.strictObject({
  id: z.string().min(1).optional(),
  steps: z.number().int().min(1).optional(),
});
export type AdvanceRequest = z.infer<typeof advanceRequestSchema>;

type Track = { position: number; timer: NodeJS.Timeout | null };

export function createStudyClock<State extends string>({
  path,
  stepMs,
  onMove,
  onError,
}: {
  /** The states a study passes through, the first where it starts, the last where it ends. */
  path: readonly State[];
  stepMs: number;
  /** Called once per move, after the position changed. */
  onMove: (id: string, from: State, to: State) => void;
  onError: (error: unknown) => void;
}) {
  const tracks = new Map<string, Track>();
  const last = path.length - 1;
  let closed = false;

  function schedule(id: string, track: Track): void {
    if (closed || stepMs <= 0 || track.position >= last || tracks.get(id) !== track) return;
    track.timer = setTimeout(() => {
      track.timer = null;
      advance(id, 1);
      schedule(id, track);
    }, stepMs);
    track.timer.unref();
  }

  /** Moves a study up to `steps` states on; answers how many it moved. */
  function advance(id: string, steps: number = Number.POSITIVE_INFINITY): number {
    const track = tracks.get(id);
    if (!track) return 0;
    let moved = 0;
    while (moved < steps && track.position < last) {
      const from = path[track.position] as State;
      track.position++;
      moved++;
      try {
        onMove(id, from, path[track.position] as State);
      } catch (error) {
        onError(error);
      }
    }
    if (track.position >= last) stop(id);
    else if (moved > 0 && track.timer) {
      // A manual move restarts the wait for the next automatic one.
      clearTimeout(track.timer);
      track.timer = null;
      schedule(id, track);
    }
    return moved;
  }

  function stop(id: string): void {
    const track = tracks.get(id);
    if (!track) return;
    if (track.timer) clearTimeout(track.timer);
    tracks.delete(id);
  }

  return {
    /** Starts a study at the first state of the path. */
    start(id: string): void {
      const track: Track = { position: 0, timer: null };
      tracks.set(id, track);
      schedule(id, track);
    },

    advance,

    /** Takes a study off the clock (it was cancelled, or finished). */
    stop,

    /** The studies still moving. */
    moving(): string[] {
      return [...tracks.keys()];
    },

    close(): void {
      closed = true;
      for (const id of [...tracks.keys()]) stop(id);
    },
  };
}

export type StudyClock<State extends string> = ReturnType<typeof createStudyClock<State>>;
