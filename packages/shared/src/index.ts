export * from './error-codes';
export * from './errors';
export * from './permissions';
export * from './constants';
export * from './auth';
export * from './users';
export * from './app-config';
