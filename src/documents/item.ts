/** Thin Item subclass, registered as the system's Item class (see FrontierActor). */
export class FrontierItem extends Item {}
