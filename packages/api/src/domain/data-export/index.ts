export { exportedMember } from "./contents";
export {
  type BuildDeps,
  buildDataExport,
  DATA_EXPORT_HOURS,
  DATA_EXPORTS_PER_DAY,
  type DataExportDto,
  dataExportPath,
  listDataExports,
  openDataExport,
  recordCommandLineExport,
  removeExpiredDataExports,
  requestDataExport,
} from "./requests";
export { type DataExportSource, dataExportZip } from "./zip";
