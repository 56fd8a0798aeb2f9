// A page's one undoable change at a time ("Marked 12 mentions as read.", "Muted author Jane
// Doe"), for UndoBar: a newer one takes the place of the last.
import { useState } from 'preact/hooks';

interface UndoOffer {
  /** Tells two offers apart (the bar starts its time again for a new one). */
  id: number;
  message: string;
  run(): Promise<unknown>;
}

export interface Undo {
  offer: UndoOffer | null;
  /** Offers to undo what `message` says was done, by `run`. */
  offerUndo(message: string, run: () => Promise<unknown>): void;
  undo(): Promise<void>;
  dismiss(): void;
}

let nextId = 1;

export function useUndo(): Undo {
  const [offer, setOffer] = useState<UndoOffer | null>(null);
  return {
    offer,
    offerUndo: (message, run) => setOffer({ id: nextId++, message, run }),
    async undo() {
      setOffer(null);
      await offer?.run();
    },
    dismiss: () => setOffer(null),
  };
}
