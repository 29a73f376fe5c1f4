import { useMediaQuery, type Theme } from '@mui/material';

/** A phone-sized screen (under 600 px wide): lists become one-line records and filters move into a drawer. */
export const useIsPhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
