/**
 * The chart drawing (uPlot and its stylesheet), fetched only when a chart is on screen: it never
 * joins a page's first load. Tests replace this module, as jsdom has no canvas.
 */
export const loadDrawing = () => import('./draw-chart');
