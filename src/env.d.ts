/// <reference types="vite/client" />

/** The hex SHA-256 prefix (16 digits) of public/openings.bin at build time (vite.config.ts). */
declare const __BOOK_HASH__: string;
