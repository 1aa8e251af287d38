export * from './auth';
export * from './tenancy';
