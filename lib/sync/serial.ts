// Read-modify-write of the mention store must not interleave: a "mark read" arriving while a poll
// merges would otherwise be overwritten by the poll's older copy. One queue per worker suffices
// because the background is the only writer.

export interface SerialQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(task) {
      const result = tail.then(task, task);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}
