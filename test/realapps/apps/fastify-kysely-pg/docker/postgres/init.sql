CREATE DATABASE realworld_development;
CREATE DATABASE realworld_test;
