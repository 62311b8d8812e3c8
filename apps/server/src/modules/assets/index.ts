/** The assets module as the rest of the server sees it: anything not exported here is its own. */
export { createFileAssets, type FileAssets } from './files.js';
export { assetRoutes } from './routes.js';
export { type AssetsService, createAssetsService, describeAsset, IMAGE_URL_TTL_SECONDS, imageRef, type StoredAsset } from './service.js';
export { imageNode } from './usages/service.js';
