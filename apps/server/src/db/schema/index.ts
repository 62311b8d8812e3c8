export * from './assets';
export * from './people';
export * from './users';
export * from './roles';
export * from './system';
export * from './projects';
export * from './objects';
