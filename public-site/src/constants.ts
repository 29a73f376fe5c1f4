export const DIALOG_TITLE = 'Registration for the campaign 2082';
