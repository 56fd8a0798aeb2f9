// A binary min-heap of (time, install) pairs in typed arrays: the fleet simulation keeps exactly
// one pending event per install (its alarm), so the common step is "take the earliest, put the
// same install back later", done in place by replaceTop with one sift-down.

/** Ties go by id, so the order (and with it every random draw) is the same on every run. */
function earlier(timeA: number, idA: number, timeB: number, idB: number): boolean {
  return timeA < timeB || (timeA === timeB && idA < idB);
}

export class EventHeap {
  private readonly times: Float64Array;
  private readonly ids: Int32Array;
  private count = 0;

  constructor(capacity: number) {
    this.times = new Float64Array(capacity);
    this.ids = new Int32Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** The earliest event's time; Infinity when empty. */
  get topTime(): number {
    return this.count === 0 ? Infinity : this.times[0];
  }

  get topId(): number {
    return this.ids[0];
  }

  push(time: number, id: number): void {
    if (this.count === this.times.length) throw new Error('EventHeap is full');
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!earlier(time, id, this.times[parent], this.ids[parent])) break;
      this.times[i] = this.times[parent];
      this.ids[i] = this.ids[parent];
      i = parent;
    }
    this.times[i] = time;
    this.ids[i] = id;
  }

  /** Replaces the earliest event with (time, id) and restores the heap order. */
  replaceTop(time: number, id: number): void {
    const { times, ids } = this;
    const n = this.count;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      const right = child + 1;
      if (right < n && earlier(times[right], ids[right], times[child], ids[child])) child = right;
      if (!earlier(times[child], ids[child], time, id)) break;
      times[i] = times[child];
      ids[i] = ids[child];
      i = child;
    }
    times[i] = time;
    ids[i] = id;
  }
}
