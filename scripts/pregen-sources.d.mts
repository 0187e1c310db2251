export interface ItemSource {
  readonly uuid: string;
  readonly doc: {
    readonly _id: string;
    readonly name: string;
    readonly type: string;
    readonly system?: unknown;
  };
}
export function itemSources(): ItemSource[];
export function sourceOf(
  item: { readonly name: string; readonly type: string; readonly system?: unknown },
  sources?: ItemSource[],
): string | null;
export function stampSources<T>(actor: T, sources?: ItemSource[]): T;
export function stampText(text: string, sources?: ItemSource[]): string;
