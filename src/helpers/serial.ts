/**
 * One task at a time per key. The GM's client runs queries and clicks as they arrive, interleaved at every await;
 * apply and undo read a card, write the targets and save the card again, so two of them on the same card must not
 * overlap or one record is lost (or a target is hit twice). Tasks with the same key run in the order they were
 * queued; a task that fails does not stop the ones after it.
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(key) ?? Promise.resolve();
    const result = before.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /** Keys with a task queued or running (for tests). */
  get busy(): number {
    return this.#tails.size;
  }
}
