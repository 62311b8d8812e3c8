export * from './people';
export * from './users';
export * from './roles';
export * from './system';
