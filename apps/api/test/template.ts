export const templateDatabase = 'itrust_template';
