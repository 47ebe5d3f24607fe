mod smoke;
