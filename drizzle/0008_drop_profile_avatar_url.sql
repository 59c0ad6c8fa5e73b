-- avatar_url was never written by the app (there was no upload): any value is a hand-set external
-- URL that the CSP would not load anyway. Avatars are now files in storage named by avatar_id;
-- a broker without one shows initials.
ALTER TABLE "profiles" DROP COLUMN "avatar_url";