/**
 * Thin Actor subclass, registered as the system's Actor class: derived data comes from the data models; rolls
 * and attacks live in `workflows/`. Behaviour specific to actors goes here when a workflow needs it.
 */
export class FrontierActor extends Actor {}
