/**
 * The data-export module: "Download my data" (R2.37, decision 0079).
 * Other modules import only this file (decision 0054).
 */
export { dataExportRoutes } from './routes.ts';
