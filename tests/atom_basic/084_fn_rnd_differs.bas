10 A=RND;B=RND;PRINT A<>B
==
       1
