/**
 * A catalogue's shape with every text widened to `string`: Japanese is the source, so another
 * language must have exactly its keys (the compiler says which is missing or extra).
 */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
