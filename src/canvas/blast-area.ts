/**
 * Drawing a blast area goes through this one adapter: a MeasuredTemplate on v13; on v14, where templates are
 * gone, a Scene Region with a circle shape. Nothing else in the system knows which.
 */
export interface BlastArea {
  /** Centre in canvas pixels. */
  readonly x: number;
  readonly y: number;
  /** Radius in scene units (metres). */
  readonly radius: number;
  readonly colour: string;
  readonly label: string;
}

export async function placeBlastArea(area: BlastArea): Promise<void> {
  const scene = canvas?.scene;
  if (!scene) return;
  const generation = Number(game.release?.generation ?? 13);
  if (generation >= 14) {
    const px = (area.radius / scene.grid.distance) * scene.grid.size;
    await scene.createEmbeddedDocuments("Region", [
      {
        name: area.label,
        color: area.colour,
        // fvtt-types 13.345 cannot assign any shape to Region's TypedSchemaField `shapes` (v14 only here).
        shapes: [{ type: "circle", x: area.x, y: area.y, radius: px }] as never,
      },
    ]);
    return;
  }
  await scene.createEmbeddedDocuments("MeasuredTemplate", [
    {
      t: "circle",
      x: area.x,
      y: area.y,
      distance: area.radius,
      fillColor: area.colour,
      flags: { "frontier-tactics": { label: area.label } },
    },
  ]);
}
