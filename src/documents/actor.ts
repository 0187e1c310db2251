/**
 * Thin Actor subclass: derived data comes from the data model; this adds convenience getters only.
 */
import type { ActorSystem } from "../data/models.js";

export class FrontierActor extends Actor {
  /** The typed system data of characters and creatures. */
  get ft(): ActorSystem {
    return this.system as unknown as ActorSystem;
  }

  get weapons(): Item.Implementation[] {
    return this.items.filter((i) => i.type === "weapon");
  }
}
