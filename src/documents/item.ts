/** Thin Item subclass. */
export class FrontierItem extends Item {
  get ft(): Record<string, unknown> {
    return this.system as unknown as Record<string, unknown>;
  }
}
