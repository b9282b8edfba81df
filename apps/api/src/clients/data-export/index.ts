/**
 * The data-export module: "Download my data" (issue 36, decision 0079).
 * Other modules import only this file (decision 0054).
 */
export { dataExportRoutes } from './routes.ts';
