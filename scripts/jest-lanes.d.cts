export declare const LANE_COUNT: number;
export declare function filesAlone(root: string): string[];
export declare function laneFiles(root: string): string[][];
export declare function runLane(index: number): void;
export declare function lanesConfig<T extends object>(base: T, rootDir: string): T & { roots: string[]; testMatch: string[] };
